// The browser's half of Web Push, for a journey: a subscription (a P-256 key pair and an auth
// secret, with an endpoint at the stack's local push service) and the decryption of what the
// app sends to it (RFC 8291 message encryption, `aes128gcm` content coding of RFC 8188). Only
// node:crypto, so the journey checks the app's encryption independently of the library that
// does it.
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { PUSH_SERVICE_URL } from './settings.ts';

/** What the app stores for a subscription (POST /api/push/subscriptions), as a browser sends it. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSubscriber {
  /** The endpoint's last segment: the control endpoint returns its messages under it. */
  id: string;
  subscription: PushSubscriptionJson;
  /** Opens one message body as the push service received it. */
  decrypt(body: Buffer): Buffer;
}

/** A new subscriber with a fresh key pair, as `PushManager.subscribe` makes one. */
export function pushSubscriber(): PushSubscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const id = randomBytes(12).toString('base64url');
  return {
    id,
    subscription: {
      endpoint: `${PUSH_SERVICE_URL}/push/${id}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
    },
    decrypt: (body) => decryptAes128gcm(body, ecdh, authSecret),
  };
}

const TAG_LENGTH = 16;

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer | string, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the header (salt, record size, the sender's public key) comes
 * first; the shared secret and the auth secret give the content key and nonce; each record is
 * AES-128-GCM with the nonce XOR its sequence number, padded and ended by 0x01 (0x02 for the last).
 */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`expected the sender's P-256 key, got ${keyIdLength} B`);
  if (recordSize <= TAG_LENGTH + 1) throw new Error(`bad record size ${recordSize}`);

  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    receiver.getPublicKey(),
    senderKey,
  ]);
  const ikm = hkdf(receiver.computeSecret(senderKey), authSecret, keyInfo, 32);
  const key = hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const baseNonce = hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12);

  const records = body.subarray(21 + keyIdLength);
  const parts: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += recordSize) {
    const record = records.subarray(at, at + recordSize);
    const nonce = Buffer.from(baseNonce);
    for (let i = 0; i < 6; i++) {
      nonce.writeUInt8(nonce.readUInt8(11 - i) ^ (Math.floor(seq / 256 ** i) & 0xff), 11 - i);
    }
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
    const plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - TAG_LENGTH)),
      decipher.final(),
    ]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = at + recordSize >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error(`bad padding in record ${seq}`);
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}
