/** The part of autocannon 8's programmatic API that bench:ingest uses (the package ships no types). */
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  export interface RequestSpec extends Request {
    /** Called before each request a connection sends; returns the request to send. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds without a response before a request counts as a timeout. Default 10. */
    timeout?: number;
    requests?: RequestSpec[];
  }
  /** Percentiles as `p50`, `p97_5`, `p99`, …; in ms for latency. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }
  /** A running load: a promise of the result that also emits per-request events. */
  export interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): this;
    /** Connection errors and timeouts (`message` 'request timed out'). */
    on(event: 'reqError', listener: (error: Error) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
