import type { ErrorResponse, FieldError, JsonResponse, OperationDefinition } from "@festgeld/domain";
import type { z } from "zod";
import { takeEarlyAnswer } from "./early-session.ts";
import { i18n } from "./i18n.ts";
import { initialLanguage } from "./language-path.ts";
import { tokenStore } from "./storage.ts";

/** An error answer from the API, with its stable code. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly detail: string,
    public readonly fields: FieldError[] = [],
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Called when a request that carried the stored token got 401 (expired or revoked session). A 401 for
 * a token that has been replaced meanwhile (a new sign-in) says nothing about the new one.
 */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Called with 0..1 as the request body leaves the browser (uploads); see `send`. */
  onUploadProgress?: ((fraction: number) => void) | undefined;
}

/** What `send` hands back of an answer. */
interface RawResponse {
  status: number;
  statusText: string;
  ok: boolean;
  headers: Headers;
  text: string;
}

/**
 * Sends one request: with fetch(), or with XMLHttpRequest when the caller wants upload progress,
 * which fetch() does not report. Either way the answer is read the same way (`apiRequest`).
 */
async function send(
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: FormData | string | undefined;
    signal?: AbortSignal;
  },
  onUploadProgress: ((fraction: number) => void) | undefined,
): Promise<RawResponse> {
  if (!onUploadProgress) {
    // A signed-in page's first GETs may have been asked for beside the app's code (lib/early-session.ts).
    const early = init.method === "GET" ? takeEarlyAnswer(url, init.headers) : undefined;
    if (early && init.signal?.aborted) throw new DOMException("The request was aborted", "AbortError");
    const response = await (early ? early.catch(() => fetch(url, init)) : fetch(url, init));
    return {
      status: response.status,
      statusText: response.statusText,
      ok: response.ok,
      headers: response.headers,
      text: await response.text(),
    };
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onUploadProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        ok: xhr.status >= 200 && xhr.status < 300,
        headers,
        text: xhr.responseText,
      });
    };
    xhr.onerror = () => reject(new TypeError("Network request failed"));
    xhr.onabort = () => reject(new DOMException("The request was aborted", "AbortError"));
    init.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(init.body ?? null);
  });
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

function buildUrl(path: string, query?: RequestOptions["query"]) {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The language a request names: the app's, or before i18next has started (a page's first requests,
 * which may have been asked for early, lib/early-session.ts) the one it will start in.
 */
function requestLanguage(): string {
  return i18n.language || initialLanguage();
}

/** Fetches /api{path} with the bearer token and the current language; throws ApiError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const token = tokenStore.get();
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": requestLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: FormData | string | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: RawResponse;
  try {
    response = await send(
      buildUrl(path, options.query),
      {
        method: options.method ?? "GET",
        headers,
        body,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      options.onUploadProgress,
    );
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "The server could not be reached");
  }
  const text = response.text;
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    const err = (json ?? {}) as Partial<ErrorResponse>;
    const apiError = new ApiError(
      response.status,
      err.code ?? "unknown_error",
      err.detail ?? response.statusText,
      err.fields ?? [],
    );
    if (response.status === 401 && token && token === tokenStore.get())
      for (const listener of unauthorizedListeners) listener(apiError);
    throw apiError;
  }
  return { data: json as T, headers: response.headers };
}

/** One input of an operation (params, query or body): required when the entry has it, absent otherwise. */
type InputPart<O, K extends "params" | "query" | "body"> = O extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? K extends "query"
    ? { readonly [P in K]?: z.input<S> }
    : K extends "body"
      ? { readonly [P in K]: O extends { consumes: readonly string[] } ? FormData : z.input<S> }
      : { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: never };

/** What a call of an operation takes: its path parameters, query and body, typed from the entry. */
export type CallInput<O extends OperationDefinition> = InputPart<O, "params"> &
  InputPart<O, "query"> &
  (O extends { consumes: readonly string[] } ? { readonly body: FormData } : InputPart<O, "body">) & {
    readonly signal?: AbortSignal;
    /** Upload progress, 0..1 (multipart uploads). */
    readonly onUploadProgress?: (fraction: number) => void;
  };

/** The query an operation takes, typed from the entry. */
export type QueryOf<O> = O extends { readonly query: infer S extends z.ZodType } ? z.input<S> : never;

/** Whether a call must pass inputs (the entry has path parameters or a body). */
type NeedsInput<O> = O extends { readonly params: z.ZodType } | { readonly body: z.ZodType } ? true : false;
type CallArgs<O extends OperationDefinition> = NeedsInput<O> extends true ? [CallInput<O>] : [CallInput<O>?];

type JsonBody<R> = R extends JsonResponse<infer S> ? z.output<S> : undefined;
/** The JSON body of an operation's success answer (200, 201 or 202), typed from the entry. */
export type CallOutput<O extends OperationDefinition> = O["responses"] extends infer R
  ? 200 extends keyof R
    ? JsonBody<R[200]>
    : 201 extends keyof R
      ? JsonBody<R[201]>
      : 202 extends keyof R
        ? JsonBody<R[202]>
        : undefined
  : never;

/** The entry's path with its parameters filled in (`/applications/:id/withdraw`). */
function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls one operation of the table (docs/decisions.md "One operation table"): method and path come
 * from the entry, inputs and answer are typed by it. The web app reaches the API only this way.
 */
export async function callOperation<O extends OperationDefinition>(
  operation: O,
  ...[input]: CallArgs<O>
): Promise<ApiResponse<CallOutput<O>>> {
  const { params, query, body, signal, onUploadProgress } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: RequestOptions["query"];
    body?: unknown;
    signal?: AbortSignal;
    onUploadProgress?: (fraction: number) => void;
  };
  return apiRequest<CallOutput<O>>(fillPath(operation.path, params), {
    method: operation.method,
    query,
    body,
    ...(signal ? { signal } : {}),
    onUploadProgress,
  });
}

/**
 * A page of a paged list operation and the whole list's length (X-Total-Count); `capped` when the list
 * is longer than that and the count a lower bound (X-Total-Count-Capped).
 */
export async function callPaged<O extends OperationDefinition & { paged: true }>(
  operation: O,
  input: CallInput<O>,
): Promise<{ items: CallOutput<O>; total: number; capped: boolean }> {
  const { data, headers } = await callOperation<O>(operation, ...([input] as never));
  const list: unknown = data;
  const count = Array.isArray(list) ? list.length : 0;
  return {
    items: data,
    total: Number(headers.get("X-Total-Count") ?? count),
    capped: headers.get("X-Total-Count-Capped") === "true",
  };
}

/**
 * Downloads a file the API answers (a PDF, a payment file's XML) with the bearer token, which a link
 * cannot carry, and hands it to the browser as `fileName`. A refusal throws ApiError like any call.
 */
export async function downloadFile(path: string, accept: string, fileName: string): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(`/api${path}`, {
    headers: {
      Accept: `${accept}, application/json`,
      "Accept-Language": requestLanguage(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; detail?: string };
    throw new ApiError(response.status, body.code ?? "unknown_error", body.detail ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export const api = {
  /** The answer of one operation of the table; see callOperation. */
  call: async <O extends OperationDefinition>(operation: O, ...input: CallArgs<O>): Promise<CallOutput<O>> =>
    (await callOperation(operation, ...input)).data,
  get: async <T>(path: string, query?: RequestOptions["query"], signal?: AbortSignal) =>
    (await apiRequest<T>(path, { query, signal })).data,
  post: async <T>(path: string, body?: unknown) => (await apiRequest<T>(path, { method: "POST", body })).data,
  patch: async <T>(path: string, body?: unknown) =>
    (await apiRequest<T>(path, { method: "PATCH", body })).data,
  put: async <T>(path: string, body?: unknown) => (await apiRequest<T>(path, { method: "PUT", body })).data,
  delete: async <T>(path: string) => (await apiRequest<T>(path, { method: "DELETE" })).data,
};

/**
 * The message to show for a failed call: the translated text for a known error code, else the
 * server's detail, else the given fallback, in that order.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const key = `errors:${error.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    if (error.detail) return error.detail;
  }
  return fallback;
}
