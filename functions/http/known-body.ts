/**
 * Responses whose body the functions made from bytes or text they hold (JSON bodies, error bodies, HTML pages): the
 * body is remembered with the response, so an adapter that writes to the socket itself (the local server) sends
 * those very bytes instead of reading the response's stream back. Platform-neutral: anywhere else the response is an
 * ordinary `Response` (a subclass, so `instanceof Response` holds) whose body reads as the platform's would.
 *
 * The platform's `Response` makes a stream for any body it is given, read or not: 2.5 µs of CPU for a response of a
 * 4 KB Blob with three header fields against 1.0 µs for the same response without a body (Node 24, measured on this
 * 2-core host), and the stream's garbage; a body given as bytes or text is copied into it too. A known body makes
 * none until someone asks for the stream (`body`), which the local server never does: `text()`, `json()`,
 * `arrayBuffer()`, `bytes()` read the bytes held; anything else (`body`, `blob()`, `formData()`, a clone of a
 * response whose stream was taken) goes to a platform response made then from the same bytes, once.
 * The body can be read once, as the platform's (`bodyUsed`, then a `TypeError`).
 */
const blobs = new WeakMap<Uint8Array, Blob>();

/** The body as a Blob (kept per byte array: bytes served again, the API's cached bodies, keep theirs). */
const blobOf = (body: Uint8Array<ArrayBuffer> | string): Blob => {
  if (typeof body === 'string') return new Blob([body]);
  let blob = blobs.get(body);
  if (!blob) blobs.set(body, (blob = new Blob([body])));
  return blob;
};

/** Statuses whose response has no body (Fetch: "null body status"). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

class KnownBodyResponse extends Response {
  readonly #body: Uint8Array<ArrayBuffer> | string;
  #used = false;
  /** The platform response that body operations go to once the stream was asked for. */
  #platform: Response | undefined;

  constructor(body: Uint8Array<ArrayBuffer> | string, init: ResponseInit) {
    if (NULL_BODY_STATUS.has(init.status ?? 200)) throw new TypeError(`Uma resposta ${init.status} não tem corpo.`);
    super(null, init);
    this.#body = body;
  }

  /** The bytes held while nothing read them (the adapter's way to them); undefined once read or streamed. */
  static heldBody(response: Response): Uint8Array | string | undefined {
    return response instanceof KnownBodyResponse && !response.#used && !response.#platform ? response.#body : undefined;
  }

  /** The platform response of the same bytes, made on first use (read at once when the bytes held were read). */
  #toPlatform(): Response {
    if (!this.#platform) {
      this.#platform = new Response(blobOf(this.#body), { status: this.status, statusText: this.statusText });
      if (this.#used) void this.#platform.arrayBuffer();
    }
    return this.#platform;
  }

  /** As the platform's, a body read once is not read again. */
  #refuseIfRead(): void {
    if (this.#used && !this.#platform) throw new TypeError('O corpo desta resposta já foi lido.');
  }

  /** The bytes, once. */
  #take(): Uint8Array<ArrayBuffer> | string {
    this.#refuseIfRead();
    this.#used = true;
    return this.#body;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#toPlatform().body;
  }

  override get bodyUsed(): boolean {
    return this.#platform ? this.#platform.bodyUsed : this.#used;
  }

  override async text(): Promise<string> {
    if (this.#platform) return this.#platform.text();
    const body = this.#take();
    return typeof body === 'string' ? body : decoder.decode(body);
  }

  override async json(): Promise<any> {
    return JSON.parse(await this.text());
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#platform) return this.#platform.bytes();
    const body = this.#take();
    return typeof body === 'string' ? encoder.encode(body) : body.slice();
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#platform) return this.#platform.arrayBuffer();
    return (await this.bytes()).buffer;
  }

  override async blob(): Promise<Blob> {
    this.#refuseIfRead();
    return this.#toPlatform().blob();
  }

  override async formData(): Promise<FormData> {
    this.#refuseIfRead();
    return this.#toPlatform().formData();
  }

  override clone(): Response {
    if (this.bodyUsed) throw new TypeError('O corpo desta resposta já foi lido: não pode ser clonado.');
    const init = { status: this.status, statusText: this.statusText, headers: this.headers };
    if (!this.#platform) return new KnownBodyResponse(this.#body, init);
    return new Response(this.#platform.clone().body, init);
  }
}

/** A response of `body` whose bytes stay known (see above). `init` must name the Content-Type: a body given as bytes names none. */
export const knownBodyResponse = (body: Uint8Array<ArrayBuffer> | string, init: ResponseInit): Response => new KnownBodyResponse(body, init);

/** The body a response was made from, while nothing has read it; undefined for any other response. */
export const knownBody = (response: Response): Uint8Array | string | undefined => KnownBodyResponse.heldBody(response);
