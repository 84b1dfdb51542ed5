import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { initialDataScript, seedInitialData } from "./initial-data.ts";
import { packagesQueryKey } from "./packages.ts";

describe("a page's initial data", () => {
  it("travels as inert JSON that cannot close its element, and seeds the query cache once", () => {
    const packages = [{ id: "p1", features: ["</script><script>alert(1)</script>"] }];
    const script = initialDataScript({ packages });
    expect(script).toMatch(/^<script type="application\/json" id="initial-data">/);
    expect(script.match(/<\/script>/g)).toHaveLength(1);

    document.body.innerHTML = `<div id="root"><h1>Offers</h1>${script}</div>`;
    const client = new QueryClient();
    expect(seedInitialData(client, "de")).toBe(true);
    expect(client.getQueryData(packagesQueryKey("de"))).toEqual(packages);
    // The block is gone before hydration, so the app's tree matches #root.
    expect(document.getElementById("initial-data")).toBeNull();
    expect(seedInitialData(client, "de")).toBe(false);
  });

  it("ignores a damaged block", () => {
    document.body.innerHTML = '<script type="application/json" id="initial-data">{"packages": [</script>';
    const client = new QueryClient();
    expect(seedInitialData(client, "en")).toBe(false);
    expect(client.getQueryData(packagesQueryKey("en"))).toBeUndefined();
  });
});
