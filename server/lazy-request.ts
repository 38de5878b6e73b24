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
 * writes it (the server makes one only of a target the parser leaves as it is).
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
