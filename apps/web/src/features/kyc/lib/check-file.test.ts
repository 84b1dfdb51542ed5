import { describe, expect, it } from "vitest";
import { acceptFor, checkKycFile } from "./check-file.ts";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("checkKycFile", () => {
  it("accepts JPG, JPEG, PNG and PDF for identity documents and bills", () => {
    for (const f of [
      file("a.jpg", "image/jpeg"),
      file("a.JPEG", "image/jpeg"),
      file("a.png", "image/png"),
      file("bill.pdf", "application/pdf"),
      file("scan", "image/jpg"),
      file("no-type.pdf", ""),
    ]) {
      expect(checkKycFile(f, "utility_bill"), f.name).toBeNull();
      expect(checkKycFile(f, "id_card"), f.name).toBeNull();
    }
  });

  it("refuses other types with the specified text key, and PDF for the selfie", () => {
    expect(checkKycFile(file("a.gif", "image/gif"), "passport")).toBe("invalidType");
    expect(checkKycFile(file("a.txt", ""), "passport")).toBe("invalidType");
    expect(checkKycFile(file("a.jpg", "text/plain"), "passport")).toBe("invalidType");
    expect(checkKycFile(file("me.pdf", "application/pdf"), "selfie")).toBe("invalidSelfieType");
    expect(checkKycFile(file("me.png", "image/png"), "selfie")).toBeNull();
  });

  it("refuses more than 5,242,880 bytes and empty files", () => {
    expect(checkKycFile(file("a.jpg", "image/jpeg", 5_242_880), "id_card")).toBeNull();
    expect(checkKycFile(file("a.jpg", "image/jpeg", 5_242_881), "id_card")).toBe("tooLarge");
    expect(checkKycFile(file("a.jpg", "image/jpeg", 0), "id_card")).toBe("empty");
  });

  it("limits the picker to the allowed types", () => {
    expect(acceptFor("selfie")).toBe("image/jpeg,.jpg,.jpeg,image/png,.png");
    expect(acceptFor("passport")).toContain(".pdf");
  });
});
