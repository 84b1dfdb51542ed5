import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adoptFrameAnswers, EARLY_ANSWER_MS, requestEarly, takeEarlyAnswer } from "./early-session.ts";

const headers = (token: string, language = "de") => ({
  Accept: "application/json",
  Authorization: `Bearer ${token}`,
  "Accept-Language": language,
});

describe("early answers", () => {
  const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
    localStorage.setItem("token", "tok-1");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("asks with the stored session and the page's language, and gives the answer once, to the same request", async () => {
    requestEarly("/api/kyc/status", "de", 1_000);
    expect(fetchMock).toHaveBeenCalledWith("/api/kyc/status", { headers: headers("tok-1") });
    const answer = takeEarlyAnswer("/api/kyc/status", headers("tok-1"), 2_000);
    expect(answer).toBeDefined();
    expect((await answer)?.status).toBe(200);
    expect(takeEarlyAnswer("/api/kyc/status", headers("tok-1"), 2_000)).toBeUndefined();
  });

  it("is not given to another session, another language, another address, or once it is old", () => {
    requestEarly("/api/kyc/status", "de", 1_000);
    expect(takeEarlyAnswer("/api/kyc/status", headers("tok-2"), 1_500)).toBeUndefined();
    requestEarly("/api/kyc/status", "de", 1_000);
    expect(takeEarlyAnswer("/api/kyc/status", headers("tok-1", "fr"), 1_500)).toBeUndefined();
    requestEarly("/api/kyc/status", "de", 1_000);
    expect(takeEarlyAnswer("/api/kyc/status", headers("tok-1"), 1_000 + EARLY_ANSWER_MS + 1)).toBeUndefined();
    // Another address takes nothing, and leaves the page's answer to its own request.
    requestEarly("/api/kyc/status", "de", 1_000);
    expect(takeEarlyAnswer("/api/kyc/status?x=1", headers("tok-1"), 1_500)).toBeUndefined();
    expect(takeEarlyAnswer("/api/kyc/status", headers("tok-1"), 1_500)).toBeDefined();
  });

  it("drops an answer nobody took in time, its body unread", async () => {
    vi.useFakeTimers();
    try {
      const cancel = vi.fn(async () => {});
      fetchMock.mockImplementationOnce(async () => ({ body: { cancel } }) as unknown as Response);
      requestEarly("/api/kyc/profile", "de");
      await vi.advanceTimersByTimeAsync(EARLY_ANSWER_MS + 1);
      expect(cancel).toHaveBeenCalledTimes(1);
      expect(takeEarlyAnswer("/api/kyc/profile", headers("tok-1"))).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes the requests of the back office's frame as early answers, and does not ask for them again", async () => {
    const response = Promise.resolve(new Response('{"figures":1}', { status: 200 }));
    const asked = Date.now();
    adoptFrameAnswers([
      { url: "/api/admin/analytics", authorization: "Bearer tok-1", language: "de", asked, response },
      { url: 42, authorization: "Bearer tok-1", language: "de", asked, response },
      "not an answer",
    ]);
    requestEarly("/api/admin/analytics", "de");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyAnswer("/api/admin/analytics", headers("tok-1"))).toBe(response);
    expect(await (await response).json()).toEqual({ figures: 1 });
    // Another language is another request.
    adoptFrameAnswers([
      { url: "/api/admin/analytics", authorization: "Bearer tok-1", language: "de", asked, response },
    ]);
    requestEarly("/api/admin/analytics", "fr");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    adoptFrameAnswers(undefined);
  });

  it("drops a frame's answer nobody took, counted from when the frame asked", async () => {
    vi.useFakeTimers();
    try {
      const cancel = vi.fn(async () => {});
      const response = Promise.resolve({ body: { cancel } } as unknown as Response);
      adoptFrameAnswers([
        {
          url: "/api/admin/deposits/summary",
          authorization: "Bearer tok-1",
          language: "de",
          asked: Date.now() - EARLY_ANSWER_MS + 100,
          response,
        },
      ]);
      await vi.advanceTimersByTimeAsync(101);
      expect(cancel).toHaveBeenCalledTimes(1);
      expect(takeEarlyAnswer("/api/admin/deposits/summary", headers("tok-1"))).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks nothing without a session", () => {
    localStorage.removeItem("token");
    requestEarly("/api/kyc/status", "de");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyAnswer("/api/kyc/status", headers("tok-1"))).toBeUndefined();
  });
});
