import type { ErrorResponse, FieldError } from "@festgeld/domain";
import { i18n } from "./i18n.ts";
import { tokenStore } from "./storage.ts";

/** An error answer from the API, with its stable code (DESIGN.md section 3). */
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

/** Called when a request that carried a token got 401 (expired or revoked session). */
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

/** Fetches /api{path} with the bearer token and the current language; throws ApiError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const token = tokenStore.get();
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": i18n.language || "en",
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "The server could not be reached");
  }
  const text = await response.text();
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
    if (response.status === 401 && token) for (const listener of unauthorizedListeners) listener(apiError);
    throw apiError;
  }
  return { data: json as T, headers: response.headers };
}

export const api = {
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
 * server's detail, else the given fallback (SPEC.md section 8 order; DESIGN.md section 3).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const key = `errors:${error.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    if (error.detail) return error.detail;
  }
  return fallback;
}
