/** The platform-neutral handler shape: every function core is a `Handler`; adapters only build the context. */
export interface RequestContext {
  /** The client's address as the platform reports it (Netlify `context.ip`, the socket locally). */
  clientAddress: string;
  /** Path parameters, when the platform extracted them (unused by our handlers: they parse the URL). */
  params?: Record<string, string>;
  /** Keep work alive after the response (Netlify `context.waitUntil`); absent locally. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export type Handler = (request: Request, context: RequestContext) => Promise<Response>;
