import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLES, seesAllStudies, canTransitionPatient, enrollmentLevel, type Permission } from '../src/index.ts';

describe('permission matrix', () => {
  it('lets every role view the dashboard and read studies', () => {
    for (const r of ROLES) {
      expect(can(r, 'dashboard.view')).toBe(true);
      expect(can(r, 'study.read')).toBe(true);
    }
  });

  it('keeps sponsors read-only', () => {
    const writes = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => !/\.(read|view)$/.test(p) && p !== 'report.export');
    expect(writes.length).toBeGreaterThan(5);
    for (const p of writes) expect(can('sponsor', p)).toBe(false);
  });

  it('lets site staff enrol subjects but not create studies or sites', () => {
    for (const r of ['investigator', 'coordinator'] as const) {
      expect(can(r, 'patient.enroll')).toBe(true);
      expect(can(r, 'study.create')).toBe(false);
      expect(can(r, 'site.create')).toBe(false);
    }
  });

  it('reserves user management to admins, and only admins see every study', () => {
    expect(ROLES.filter((r) => can(r, 'user.manage'))).toEqual(['admin']);
    expect(ROLES.filter(seesAllStudies)).toEqual(['admin']);
  });

  it('lets only admins and data managers generate SDTM datasets', () => {
    expect(ROLES.filter((r) => can(r, 'cdisc.export'))).toEqual(['admin', 'data-manager']);
  });

  it('lets only admins and study managers manage a trial design; sponsors read it', () => {
    expect(ROLES.filter((r) => can(r, 'design.manage'))).toEqual(['admin', 'study-manager']);
    expect(can('sponsor', 'study.read')).toBe(true);
  });

  it('lets monitors read the audit trail but not manage trials', () => {
    expect(can('monitor', 'audit.read')).toBe(true);
    expect(can('monitor', 'trial.manage')).toBe(false);
  });
});

describe('patient status transitions', () => {
  it('allows only forward moves', () => {
    expect(canTransitionPatient('screening', 'enrolled')).toBe(true);
    expect(canTransitionPatient('screening', 'withdrawn')).toBe(true);
    expect(canTransitionPatient('enrolled', 'completed')).toBe(true);
    expect(canTransitionPatient('enrolled', 'withdrawn')).toBe(true);
    expect(canTransitionPatient('screening', 'completed')).toBe(false);
    expect(canTransitionPatient('completed', 'enrolled')).toBe(false);
    expect(canTransitionPatient('withdrawn', 'screening')).toBe(false);
  });
});

describe('enrollment colour thresholds', () => {
  it('uses 80% and 50%', () => {
    expect(enrollmentLevel(80, 100)).toBe('high');
    expect(enrollmentLevel(79, 100)).toBe('medium');
    expect(enrollmentLevel(50, 100)).toBe('medium');
    expect(enrollmentLevel(49, 100)).toBe('low');
    expect(enrollmentLevel(5, 0)).toBe('low');
  });
});
