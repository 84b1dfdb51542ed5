import { afterAll, expect } from "vitest";
import { saveObservations, undeclaredStatuses } from "./statuses.ts";

// Runs after every server test file: each status an operation answered with must be declared.
afterAll(() => {
  saveObservations(expect.getState().testPath ?? `file-${process.pid}-${Date.now()}`);
  expect(undeclaredStatuses(), "statuses answered but not declared in the operation table").toEqual([]);
});
