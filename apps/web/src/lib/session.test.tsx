import { STORAGE_KEYS } from "@festgeld/domain";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../components/ui/require-user.tsx";
import { renderIn } from "../test/render.tsx";
import { SESSION_RETRY_DELAY_MS, SessionProvider, useSession } from "./session.tsx";
import { tokenStore } from "./storage.ts";

const saver = {
  id: "u1",
  email: "saver@example.com",
  first_name: "Lena",
  last_name: "Wagner",
  full_name: "Lena Wagner",
  role: "user",
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function SignInWith({ token }: { token: string }) {
  const { signIn } = useSession();
  return (
    <button type="button" onClick={() => signIn({ access_token: token, user: saver } as never)}>
      sign in
    </button>
  );
}

async function renderProtectedPage() {
  return renderIn(
    "en",
    "common",
    <MemoryRouter initialEntries={["/dashboard"]}>
      <SessionProvider>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <RequireUser>
                <p>dashboard of {saver.first_name}</p>
              </RequireUser>
            }
          />
          <Route path="/login" element={<SignInWith token="new-token" />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

/** Lets the provider's awaited fetches and its waits between attempts run. */
const settle = async (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
const allRetries = SESSION_RETRY_DELAY_MS;

/**
 * Only the server's 401 signs a saver out: a page opened while the network or the server fails keeps
 * the token, says so and offers to try again; an answer for an older token never undoes a new sign-in.
 */
describe("SessionProvider", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    tokenStore.set("old-token");
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    tokenStore.clear();
  });

  it("keeps the token when the server cannot be reached, and signs in on a retry", async () => {
    const fetchMock = vi.fn(async (): Promise<Response> => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    await renderProtectedPage();
    await settle(allRetries);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tokenStore.get()).toBe("old-token");
    expect(screen.getByTestId("session-unreachable").textContent).toContain(
      "Your sign-in could not be checked just now",
    );
    expect(screen.queryByText("sign in")).toBeNull();

    fetchMock.mockImplementation(async () => answer(200, saver));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(screen.getByText("dashboard of Lena")).toBeTruthy();
    expect(screen.queryByTestId("session-unreachable")).toBeNull();
  });

  it("runs one check at a time however often Try again is pressed, and disables it meanwhile", async () => {
    const fetchMock = vi.fn(async (): Promise<Response> => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    await renderProtectedPage();
    await settle(allRetries);
    fetchMock.mockClear();

    const retry = screen.getByRole("button", { name: "Try again" });
    fireEvent.click(retry);
    await settle();
    const busy = screen.getByRole("button", { name: "Loading..." }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.click(busy);
    await settle(allRetries);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((screen.getByRole("button", { name: "Try again" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("sends the reader to sign in when the token went meanwhile (signed out in another tab)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (): Promise<Response> => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await renderProtectedPage();
    await settle(allRetries);
    expect(screen.getByTestId("session-unreachable")).toBeTruthy();

    tokenStore.clear();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(screen.queryByTestId("session-unreachable")).toBeNull();
    expect(screen.getByText("sign in")).toBeTruthy();
  });

  it("keeps the token through a server error that passes on the second attempt", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(503, { code: "unavailable", detail: "Down for a moment" }))
      .mockResolvedValue(answer(200, saver));
    vi.stubGlobal("fetch", fetchMock);
    await renderProtectedPage();
    await settle(SESSION_RETRY_DELAY_MS);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tokenStore.get()).toBe("old-token");
    expect(screen.getByText("dashboard of Lena")).toBeTruthy();
  });

  it("keeps the reader's name and role for the signed-in pages' first frame while signed in", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, saver)),
    );
    await renderProtectedPage();
    await settle();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.sessionFrame) ?? "null")).toEqual({
      name: "Lena Wagner",
      role: "user",
    });
  });

  it("signs out on a 401, forgets the first frame's name and sends the reader to sign in", async () => {
    localStorage.setItem(STORAGE_KEYS.sessionFrame, JSON.stringify({ name: "Lena Wagner" }));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(401, { code: "unauthorized", detail: "Session expired" })),
    );
    await renderProtectedPage();
    await settle();

    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionFrame)).toBeNull();
    expect(screen.getByText("sign in")).toBeTruthy();
  });

  it("does not sign out a new sign-in when the old token's 401 arrives after it", async () => {
    let refuseOldToken: (() => void) | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            refuseOldToken = () => resolve(answer(401, { code: "unauthorized", detail: "Session expired" }));
          }),
      ),
    );
    await renderIn(
      "en",
      "common",
      <MemoryRouter>
        <SessionProvider>
          <SignInWith token="new-token" />
        </SessionProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText("sign in"));
    expect(tokenStore.get()).toBe("new-token");

    expect(refuseOldToken).toBeDefined();
    refuseOldToken?.();
    await settle();
    expect(tokenStore.get()).toBe("new-token");
  });
});
