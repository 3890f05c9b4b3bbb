/** The adapter of the SealedTokens port: AES-256-GCM under a per-process random key. */
export { AesGcmSealedTokens, MAX_SEALED_TOKEN_CHARS } from './aes-gcm-sealed-tokens.js';
