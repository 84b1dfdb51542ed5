/** Small real files for the KYC journeys (the same bytes the API tests build in helpers/kyc-files.ts). */

/** A baseline JPEG: one 8x8 mid-grey block. */
export const JPEG = Buffer.from(
  "ffd8ffe000104a46494600010100000100010000ffdb004300" +
    "01".repeat(64) +
    "ffc0000b080008000801011100ffc40014000100000000000000000000000000000000" +
    "ffc40014100100000000000000000000000000000000ffda000801010000003f003fffd9",
  "hex",
);

/** A 1x1 RGB PNG. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c6360483b0300019c0133e1b260b90000000049454e44ae426082",
  "hex",
);

/** A one-page PDF with a correct cross-reference table. */
export function pdf(text = "Utility bill"): Buffer {
  const stream = `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
