// TOTP secrets at rest. With MFA_ENCRYPTION_KEY set, a secret is sealed with AES-256-GCM under a key
// derived from it (scrypt, fixed salt: the value is a configured key, not a password) and stored as
// "v1:<iv>:<tag>:<ciphertext>" (base64url). Without it, a secret is stored as "plain:<secret>": the
// table (mfa_secrets) is never audited, never exported, and no procedure returns a secret once the
// enrolment is confirmed. Secrets sealed under a key need that key to be read: changing or removing it
// makes every enrolled user unable to log in until an administrator resets their two-factor
// authentication, so the key is kept like a database password. Setting a key later works: secrets stored
// plain are still read, and sealed from the next enrolment on.
import crypto from 'node:crypto';

const keys = new Map<string, Buffer>();

function keyOf(material: string): Buffer {
  let key = keys.get(material);
  if (!key) {
    key = crypto.scryptSync(material, 'ctp-mfa-secret-box-v1', 32);
    keys.set(material, key);
  }
  return key;
}

export class SecretBoxError extends Error {}

export function sealSecret(secret: string, keyMaterial: string | undefined): string {
  if (!keyMaterial) return `plain:${secret}`;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(keyMaterial), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
}

/** The secret, or SecretBoxError when it was sealed under another key (or none is configured now). */
export function openSecret(box: string, keyMaterial: string | undefined): string {
  if (box.startsWith('plain:')) return box.slice('plain:'.length);
  const [version, iv, tag, ciphertext] = box.split(':');
  if (version !== 'v1' || !iv || !tag || !ciphertext || !keyMaterial) throw new SecretBoxError('TOTP secret cannot be read with the configured MFA_ENCRYPTION_KEY');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(keyMaterial), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('TOTP secret cannot be read with the configured MFA_ENCRYPTION_KEY');
  }
}
