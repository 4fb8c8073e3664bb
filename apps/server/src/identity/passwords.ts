/** Password policy (Cognito's defaults, configurable) and the argon2id hash. */
import { hash, verify } from '@node-rs/argon2';
import { invalidPassword } from './errors.ts';

export type PasswordPolicy = {
  minLength: number;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
};

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: false,
};

/** Throws InvalidPasswordException naming every unmet rule. */
export function checkPasswordPolicy(password: string, policy: PasswordPolicy) {
  const missing: string[] = [];
  if (password.length < policy.minLength) missing.push(`at least ${policy.minLength} characters`);
  if (policy.requireUppercase && !/[A-Z]/.test(password)) missing.push('an uppercase letter');
  if (policy.requireLowercase && !/[a-z]/.test(password)) missing.push('a lowercase letter');
  if (policy.requireNumbers && !/[0-9]/.test(password)) missing.push('a number');
  if (policy.requireSymbols && !/[^A-Za-z0-9]/.test(password)) missing.push('a symbol');
  if (password.length > 256) throw invalidPassword('Password must be at most 256 characters.');
  if (missing.length > 0) {
    throw invalidPassword(`Password does not conform to policy: it needs ${missing.join(', ')}.`);
  }
}

// OWASP's argon2id baseline (19 MiB, 2 passes).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);
