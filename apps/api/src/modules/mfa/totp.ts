// TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator app uses) with otplib,
// and recovery codes. A code is accepted one step either side of now (clock drift) and only once: the
// accepted time step is remembered and older or equal steps are refused (RFC 6238 §5.2).
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { MFA } from '@ctp/contracts';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads, and the same as a QR code (PNG data URL). */
export async function provisioning(secret: string, accountName: string) {
  const otpauthUri = generateURI({ issuer: MFA.issuer, label: accountName, secret });
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { otpauthUri, qrCode };
}

/** The code's time step when it is right and newer than the last accepted one, else null. */
export async function checkTotp(secret: string, code: string, lastTimeStep: number | null): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({ secret, token, epochTolerance: 30, ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}) });
    // The TOTP result carries the matched period's start; in 30-second steps, the RFC 6238 time step.
    return result.valid && 'epoch' in result && typeof result.epoch === 'number' ? Math.floor(result.epoch / 30) : null;
  } catch {
    return null;
  }
}

// No 0/o, 1/l/i: read from paper and typed by people.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code, xxxxx-xxxxx (10 characters of 31, about 50 bits). */
export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  let out = '';
  for (let i = 0; i < 10; i++) {
    // Rejection-free enough: 256 % 31 = 8 gives a bias of under 4% on 8 symbols, irrelevant at 50 bits;
    // still, draw again for the biased tail to keep it uniform.
    let b = bytes[i]!;
    while (b >= 248) b = crypto.randomBytes(1)[0]!;
    out += ALPHABET[b % ALPHABET.length];
    if (i === 4) out += '-';
  }
  return out;
}

/** A recovery code as typed (any case, with or without the dash or spaces) to what is hashed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return crypto.createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}
