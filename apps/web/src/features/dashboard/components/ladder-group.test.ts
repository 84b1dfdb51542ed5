import type { Application } from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import { groupLadders } from "./ladder-group.tsx";

const app = (id: string, term: number, ladder_id: string | null) => ({ id, term, ladder_id }) as Application;

describe("groupLadders", () => {
  it("keeps single applications in order and gathers a ladder's rungs where its first one appears, shortest first", () => {
    const entries = groupLadders([
      app("a", 12, null),
      app("b", 24, "L"),
      app("c", 6, "L"),
      app("d", 3, null),
      app("e", 12, "L"),
    ]);
    expect(
      entries.map((e) =>
        e.kind === "single" ? e.application.id : `${e.id}:${e.rungs.map((r) => r.id).join("")}`,
      ),
    ).toEqual(["a", "L:ceb", "d"]);
  });
});
