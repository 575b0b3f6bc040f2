/** A delivery of the built-in provider: the body as sent and its headers, the signature among them. */
export interface SignedEvent {
  rawBody: string;
  headers: Record<string, string>;
}

/**
 * What signs the built-in provider's events (BuiltinProvider, with the current
 * secret). Its subscriptions sign through this alone, so builtin-subscriptions.ts
 * need not import builtin.ts, which imports it.
 */
export interface BuiltinSigner {
  sign(event: unknown, at: Date): SignedEvent;
}
