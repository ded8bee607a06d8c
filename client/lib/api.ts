// The JSON API as the islands call it: errors come back as {"error",
// "fields"} in the visitor's language (server/api, docs/api.md,
// "Conventions").

/** ApiAnswer is a call's outcome; error is set when it failed. */
export interface ApiAnswer<T> {
  status: number;
  data?: T;
  error?: string;
  fields?: Record<string, string>;
}

/**
 * callApi sends body as JSON to path (which carries ?lang=) and reads the
 * answer. A network failure is status 0 with networkError as the message.
 */
export async function callApi<T>(method: string, path: string, body: unknown, networkError: string): Promise<ApiAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { status: 0, error: networkError };
  }
  let json: { data?: T; error?: string; fields?: Record<string, string> } = {};
  try {
    json = await res.json();
  } catch {
    // A body that is not JSON (a proxy's error page): the status tells.
  }
  if (res.ok) return { status: res.status, data: json.data };
  return { status: res.status, error: json.error ?? networkError, fields: json.fields };
}
