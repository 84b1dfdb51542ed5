import { describe, expect, it } from "vitest";
import { operations } from "./index.ts";
import { operationRoutes } from "./routes.ts";

describe("the operation routes the web app calls (npm run generate:routes writes them)", () => {
  it("give every operation of the table its id, method and path, in the table's order, and no other", () => {
    expect(Object.keys(operationRoutes)).toEqual(Object.keys(operations));
    for (const [id, operation] of Object.entries(operations)) {
      expect(operationRoutes[id as keyof typeof operationRoutes], id).toEqual({
        id: operation.id,
        method: operation.method,
        path: operation.path,
      });
    }
  });
});
