// The signing module's own refusals: the verifier throws them, the server maps each code to
// its catalog entry, and the partners' client loads nothing of the server.

type SigningErrorCode = 'signature_required' | 'signature_invalid' | 'signature_expired' | 'digest_mismatch';

export class SigningError extends Error {
  readonly code: SigningErrorCode;
  /** For a component the signature must cover: every component this request must cover, serialized. */
  readonly required: string[] | undefined;

  constructor(code: SigningErrorCode, detail: string, required?: string[]) {
    super(detail);
    this.name = 'SigningError';
    this.code = code;
    this.required = required;
  }
}
