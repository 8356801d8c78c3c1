// POST /api/cdisc/generate-mappings (spec section 7): JSON {formId, useAI} -> the form's mapping
// suggestions, each with the spec's fields (fieldName, suggestedDomain, suggestedVariable, confidence,
// reasoning, mappingLogic) plus id, status, testCode, qnam, evidence and version. useAI true computes and
// stores suggestions (cdisc.map); false lists the fields with their current mapping for mapping by hand.
// 401 signed out, 403 a role that may not map, 400 bad input, 404 a form the user cannot see.
import { Router } from 'express';
import type { z } from 'zod';
import type { cdiscGenerateMappingsInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';

export function cdiscRest(caller: CallerFor) {
  const r = Router();
  r.post('/cdisc/generate-mappings', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) return void res.status(400).json({ error: 'Send a JSON object' });
    const input = { formId: body.formId, ...(body.useAI !== undefined && { useAI: body.useAI }) } as z.input<typeof cdiscGenerateMappingsInput>;
    const mappings = await caller(req, res).cdisc.generateMappings(input);
    res.json(
      mappings.map((m) => ({
        fieldName: m.fieldName,
        suggestedDomain: m.suggestedDomain,
        suggestedVariable: m.suggestedVariable,
        confidence: m.confidence,
        reasoning: m.reasoning,
        mappingLogic: m.mappingLogic,
        id: m.id,
        status: m.status,
        origin: m.origin,
        testCode: m.testCode,
        qnam: m.qnam,
        fieldPath: m.fieldPath,
        fieldLabel: m.fieldLabel,
        evidence: m.evidence,
        version: m.version,
      })),
    );
  });
  return r;
}
