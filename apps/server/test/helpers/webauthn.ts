import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from "node:crypto";
import type { PasskeyCreationOptions, PasskeyRequestOptions } from "@festgeld/domain";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software authenticator for tests: a passkey is an ES256 key pair made with node:crypto, and the
 * answers are built byte by byte as WebAuthn (Level 3, sections 6.1 and 6.5) lays them out:
 * attestation "none" for registration, an assertion signed over authenticatorData || SHA-256(clientDataJSON)
 * for sign-in. Nothing of the server's code is used to build them.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
  rpId: string;
}

const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

function counterBytes(counter: number) {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter >>> 0);
  return out;
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
}

export interface CeremonyOptions {
  /** The page's origin as the browser reports it. */
  origin?: string;
  /** Whether the authenticator verified the user (PIN, biometrics). */
  userVerified?: boolean;
  /** Sign another challenge than the options' one. */
  challenge?: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  /** Counters move by this much per signature; 0 makes a counter-less authenticator. */
  constructor(
    private readonly origin: string,
    private readonly counterStep = 1,
  ) {}

  /** navigator.credentials.create(): a new ES256 credential, answered with attestation "none". */
  create(options: PasskeyCreationOptions, ceremony: CeremonyOptions & { credential?: SoftCredential } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = ceremony.credential
      ? {
          privateKey: ceremony.credential.privateKey,
          publicKey: createPublicKey(ceremony.credential.privateKey),
        }
      : generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x as string, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y as string, "base64url"))],
    ]);
    const id = ceremony.credential?.id ?? randomBytes(16);
    const credential: SoftCredential = {
      id,
      privateKey,
      userHandle: options.user.id,
      counter: 0,
      rpId,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV) | FLAG_BE | FLAG_BS;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      counterBytes(credential.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(
          clientData(
            "webauthn.create",
            ceremony.challenge ?? options.challenge,
            ceremony.origin ?? this.origin,
          ),
        ),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion by `credential` (the newest one unless given). */
  get(
    options: PasskeyRequestOptions,
    ceremony: CeremonyOptions & { credential?: SoftCredential; counter?: number } = {},
  ) {
    const credential = ceremony.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error("no credential");
    if (ceremony.counter !== undefined) credential.counter = ceremony.counter;
    else credential.counter += this.counterStep;
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV) | FLAG_BE | FLAG_BS;
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([flags]),
      counterBytes(credential.counter),
    ]);
    const data = clientData(
      "webauthn.get",
      ceremony.challenge ?? options.challenge,
      ceremony.origin ?? this.origin,
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}
