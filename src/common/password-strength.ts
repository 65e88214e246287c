import { MIN_PASSWORD_LENGTH } from "./constants";

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/**
 * A hint, not a rule (the only rule is the minimum length): longer passwords and a mix of
 * character kinds score higher; one repeated character or a short password scores 0.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) return 0;
  if (new Set(password).size <= 2) return 0;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  let score = 1;
  if (password.length >= 14) score++;
  if (password.length >= 20) score++;
  if (kinds >= 3) score++;
  if (kinds === 1 && password.length < 16) score--;
  return Math.max(1, Math.min(4, score)) as PasswordStrength;
}
