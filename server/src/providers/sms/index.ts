/**
 * Sending SMS codes for phone gates (issue 5 item 5). One interface, chosen by
 * SMS_PROVIDER: 'sandbox' (default) writes the code to the server log instead of
 * sending it. A real provider implements SmsProvider and must never log the code.
 */
export interface SmsProvider {
  readonly kind: string;
  /** Deliver `code` to `phone` (11 digits). Rejects when the provider refuses. */
  sendCode(phone: string, code: string): Promise<void>;
}

export type SmsProviderName = 'sandbox';
export const SMS_PROVIDERS: readonly SmsProviderName[] = ['sandbox'];

/** `13800000000` → `138****0000`: enough to tell numbers apart in a log, not to dial one. */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Local use: prints `SMS to 138****0000: code 1234` in the server log (the code only because it is the sandbox). */
export class SandboxSmsProvider implements SmsProvider {
  readonly kind = 'sandbox';
  constructor(private log: (line: string) => void) {}

  async sendCode(phone: string, code: string): Promise<void> {
    this.log(`SMS to ${maskPhone(phone)}: code ${code}`);
  }
}

export function createSmsProvider(name: SmsProviderName, log: (line: string) => void): SmsProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxSmsProvider(log);
  }
}
