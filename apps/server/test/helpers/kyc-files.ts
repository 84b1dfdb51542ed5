import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import type { FastifyInstance } from "fastify";

/**
 * Small, real files for upload tests, built byte by byte so that no binary fixture is needed.
 */

/** A baseline JPEG of one 8x8 mid-grey block: JFIF header, quantisation and Huffman tables, one scan. */
export function jpegBytes(): Buffer {
  const hex = [
    "ffd8", // SOI
    "ffe000104a46494600010100000100010000", // APP0 JFIF 1.1
    `ffdb004300${"01".repeat(64)}`, // DQT: table 0, all ones
    "ffc0000b080008000801011100", // SOF0: 8 bits, 8x8, 1 component, 1x1 sampling, table 0
    `ffc4001400${"01"}${"00".repeat(15)}00`, // DHT DC 0: one code of length 1 -> category 0
    `ffc4001410${"01"}${"00".repeat(15)}00`, // DHT AC 0: one code of length 1 -> EOB
    "ffda000801010000003f00", // SOS: 1 component, tables 0/0, spectral 0..63
    "3f", // scan: DC diff 0 ("0"), EOB ("0"), padded with ones
    "ffd9", // EOI
  ].join("");
  return Buffer.from(hex, "hex");
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 1x1 RGB PNG with valid chunk checksums. */
export function pngBytes(rgb: [number, number, number] = [0, 102, 204]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.from([0, ...rgb]))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a correct cross-reference table; `text` is written on the page. */
export function pdfBytes(text = "Utility bill"): Buffer {
  const stream = `BT /F1 12 Tf 20 100 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
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

/** `base` followed by filler, to exactly `size` bytes (trailing data does not change the type). */
export function padTo(base: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size, 0x20);
  base.copy(out, 0, 0, Math.min(base.length, size));
  return out;
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipartBody(parts: Part[]) {
  const boundary = `----festgeldTest${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += "\r\n";
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    head += "\r\n";
    chunks.push(Buffer.from(head, "utf8"));
    chunks.push(typeof part.data === "string" ? Buffer.from(part.data, "utf8") : part.data);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

type Headers = { authorization: string };

/** Uploads a KYC document as the saver (201 or it throws); answers the document's id. */
export async function uploadKycDocument(
  app: FastifyInstance,
  saver: { headers: Record<string, string> },
  type: string,
  file: { data: Buffer; contentType: string; filename?: string },
): Promise<string> {
  const body = multipartBody([{ name: "file", filename: file.filename ?? "doc", ...file }]);
  const res = await app.inject({
    method: "POST",
    url: `/api/kyc/upload/${type}`,
    headers: { ...saver.headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload of ${type}: ${res.statusCode} ${res.body}`);
  return (res.json() as { document: { id: string } }).document.id;
}

/** Decides a KYC document as staff (200 or it throws). */
export async function decideKycDocument(
  app: FastifyInstance,
  admin: { headers: Headers },
  id: string,
  payload: object,
): Promise<void> {
  const res = await app.inject({
    method: "PATCH",
    url: `/api/admin/kyc/documents/${id}/decision`,
    headers: admin.headers,
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`decision on ${id}: ${res.statusCode} ${res.body}`);
}
