import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSignedInPage } from "./signed-in-start.ts";

/** The addresses asked for, without the page's code and catalogues (which are modules, not fetches). */
const asked = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).sort();

describe("a signed-in page's early start", () => {
  const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
  let session = 0;
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
    // A session of each test's own: an address asked for with the same session is not asked for again.
    localStorage.setItem("token", `tok-${++session}`);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("asks for the back office's first data for a reader stored as an admin", async () => {
    localStorage.setItem("session_frame", JSON.stringify({ name: "Ada Admin", role: "admin" }));
    await startSignedInPage("/admin", "en");
    expect(asked(fetchMock)).toEqual([
      "/api/admin/analytics",
      "/api/admin/deposits/summary",
      "/api/auth/security",
    ]);
  });

  it("asks for them without a stored role too (a frame stored before roles were kept)", async () => {
    localStorage.setItem("session_frame", JSON.stringify({ name: "Ada Admin" }));
    await startSignedInPage("/admin", "en");
    expect(asked(fetchMock)).toHaveLength(3);
  });

  it("asks for nothing of the back office for a reader stored as a saver, who would be refused it", async () => {
    localStorage.setItem("session_frame", JSON.stringify({ name: "Nosy Saver", role: "user" }));
    await startSignedInPage("/admin", "en");
    expect(asked(fetchMock)).toEqual([]);
    // A saver's own pages still start early.
    await startSignedInPage("/kyc", "en");
    expect(asked(fetchMock)).toEqual(["/api/kyc/profile", "/api/kyc/status", "/api/me/approval-checklist"]);
  });

  it("reads a stored frame that is not JSON as one without a role", async () => {
    localStorage.setItem("session_frame", "{not json");
    await startSignedInPage("/admin", "en");
    expect(asked(fetchMock)).toHaveLength(3);
  });
});
