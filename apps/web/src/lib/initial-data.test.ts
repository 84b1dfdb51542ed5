import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { countryName, namedCountries } from "./brand-text.ts";
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

  it("carries the countries a page named while it was rendered, which the browser then names without Intl", async () => {
    const [, named] = await namedCountries(async () => [countryName("AT", "de"), countryName("NL", "de")]);
    expect(named).toEqual({ AT: "Österreich", NL: "Niederlande" });
    // Outside a render nothing is collected.
    countryName("BE", "de");
    expect(named).not.toHaveProperty("BE");

    // A name the page was built with is the one the browser shows, whatever its Intl would say.
    document.body.innerHTML = `<div id="root">${initialDataScript({ countries: { AT: "Austria (built)" } })}</div>`;
    expect(seedInitialData(new QueryClient(), "en")).toBe(true);
    expect(countryName("AT", "en")).toBe("Austria (built)");
    expect(countryName("AT", "de")).toBe("Österreich");
    expect(countryName("NL", "en")).toBe("Netherlands");
  });
});
