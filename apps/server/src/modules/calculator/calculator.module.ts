import type { AppModule } from "../../lib/module.ts";
import { calculatorRoutes } from "./calculator.routes.ts";

/** The interest calculator. */
export const calculatorModule: AppModule = async (app) => {
  await app.register(calculatorRoutes);
};
