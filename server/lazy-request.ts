/**
 * The `Request` of a GET or HEAD that the local server hands to the app on its fast path (no body), made lazily: its
 * method, URL and header fields are there at once, and the platform's `Request` is made only when something else is
 * asked of it (its signal, a body method, a clone): the pipeline of a function's GET reads only those three. The
 * platform's constructor parses the URL, copies the fields and makes an abort signal and its internal state on every
 * request, read or not.
 *
 * It is a `Request` for `instanceof`, reads as the platform's for every member (each one not listed above goes to the
 * platform's request, made once from the same method, URL and fields), and is never given to the platform's own
 * constructors: `new Request(lazy)` would not recognize it (the local server does not do that, and the app's
 * functions do not either: they read requests, they do not copy them). The URL must be written as the URL parser
 * writes it: `bodylessRequest` makes one only of a target the parser leaves as it is, on the origin `hostOrigin`
 * reads from the Host header (remembered per Host value: also the server's check that the Host is an authority).
 */

/** What a lazy request holds. */
interface State {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  platform?: Request;
}

const STATE = Symbol('estado da requisição');
type Lazy = Request & { [STATE]: State };

function headersOf(state: State): Headers {
  return state.platform ? state.platform.headers : state.headers;
}

function platformOf(state: State): Request {
  return (state.platform ??= new Request(state.url, { method: state.method, headers: headersOf(state) }));
}

const lazyPrototype: object = Object.create(Request.prototype, {
  method: {
    get(this: Lazy) {
      return this[STATE].method;
    },
  },
  url: {
    get(this: Lazy) {
      return this[STATE].url;
    },
  },
  headers: {
    get(this: Lazy) {
      return headersOf(this[STATE]);
    },
  },
});

// Every other member of the platform's Request goes to the platform's request, made on first use.
for (const name of Object.getOwnPropertyNames(Request.prototype)) {
  if (name === 'constructor' || name === 'method' || name === 'url' || name === 'headers') continue;
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name)!;
  if (descriptor.get) {
    Object.defineProperty(lazyPrototype, name, {
      get(this: Lazy) {
        return Reflect.get(Request.prototype, name, platformOf(this[STATE]));
      },
    });
  } else if (typeof descriptor.value === 'function') {
    const method = descriptor.value as (...args: unknown[]) => unknown;
    Object.defineProperty(lazyPrototype, name, {
      value(this: Lazy, ...args: unknown[]) {
        return method.apply(platformOf(this[STATE]), args);
      },
    });
  }
}

/** A GET or HEAD (no body) to `url` with its header fields, as a lazily made `Request` (see above). */
export function lazyRequest(method: string, url: string, headers: Headers): Request {
  const request = Object.create(lazyPrototype) as Lazy;
  request[STATE] = { method, url, headers };
  return request;
}

/**
 * The origin a Host header names (`http://` and the authority as the URL parser writes it: host in lower case, no
 * default port), or undefined when the header holds anything more than an authority (a path, query or credentials
 * hidden in it) or is not one.
 */
function originOfHost(host: string): string | undefined {
  try {
    const base = new URL(`http://${host}`);
    return base.href === `${base.origin}/` ? base.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `originOfHost`, remembered for the Host values seen last: a client sends the same one on every request, which then
 * costs no URL parse. Bounded: past 256 values the memory starts over.
 */
const hostOrigins = new Map<string, string | null>();
export function hostOrigin(host: string): string | undefined {
  let origin = hostOrigins.get(host);
  if (origin === undefined) {
    if (hostOrigins.size >= 256) hostOrigins.clear();
    hostOrigins.set(host, (origin = originOfHost(host) ?? null));
  }
  return origin ?? undefined;
}

/**
 * A target whose query (if any) the URL parser leaves as it is: no byte it percent-encodes in a query of an http URL
 * (controls, space, `"`, `#`, `<`, `>`, `'`, anything past ASCII). Its path must be a plain one
 * (server/local.ts's PLAIN_PATH: no dot segment, no percent-encoding, nothing the parser would rewrite).
 */
const ASIS_QUERY = /^[^?]*(?:\?[^\x00-\x20"#<>'\x7f-\uffff]*)?$/;

/**
 * The Request of a bodyless GET or HEAD to `target` on `origin` (what `hostOrigin` made of the Host header): lazy when
 * the URL parser would write the URL as it came (a plain path, a query it leaves as it is), the platform's otherwise.
 * Either way its `url` is the one the platform's would have.
 */
export function bodylessRequest(method: string, origin: string, target: string, headers: Headers): Request {
  const url = `${origin}${target}`;
  return ASIS_QUERY.test(target) ? lazyRequest(method, url, headers) : new Request(url, { method, headers });
}
