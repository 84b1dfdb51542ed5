declare module "@brand" {
  export const brand: import("./content/brand/brand-types.ts").Brand;
}
