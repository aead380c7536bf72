import { LOCAL_SANDBOX_URL } from '../../src/http/config';

const LOCAL = new URL(LOCAL_SANDBOX_URL);

/**
 * Default settings of the local sandbox (`npm run sandbox`), shared by the CLI, the demo merchant backend and
 * the demo page. Sandbox-only credentials: they authenticate against this local process and nothing else.
 */
export const SANDBOX_DEFAULTS = {
  /** TCP port of `npm run sandbox` (`--port`): the port of the library's `LOCAL_SANDBOX_URL` (4010). */
  port: Number(LOCAL.port),
  /** The only interface the sandbox binds: the host of the library's `LOCAL_SANDBOX_URL` (127.0.0.1). */
  host: LOCAL.hostname,
  /** Merchant id of the path `/v1/{merchant_id}` (`--merchant-id`). */
  merchantId: 'mdemo0merchant0001',
  /** Public key (`--public-key`): may only create tokens and cards (spec, Authentication). */
  publicKey: 'pk_demo_public0001',
  /** Private key (`--private-key`): every operation, server to server only (spec, Authentication). */
  privateKey: 'sk_demo_private0001',
  /** Largest request body in bytes (64 KiB); larger bodies get error 1009 (413). */
  maxBodyBytes: 64 * 1024,
  /** Anti-fraud rules on charges and card creation (demo/sandbox/fraud.ts; README "Anti-fraud rules"). */
  fraud: {
    /** `--velocity-max-cards`: more distinct card numbers than this from one visitor id in the window declines. */
    velocityMaxCards: 3,
    /** `--velocity-window`: the device-velocity window, seconds (24 h). */
    velocityWindowSeconds: 86_400,
    /** `--automation-rule`: `off`, `flag` (allow, name it in `fraud_flags`) or `decline` (3005). */
    automation: 'flag',
  },
} as const;

/** `{base_url}` of the sandbox on its default port: the library's `LOCAL_SANDBOX_URL`, `http://127.0.0.1:4010`. */
export const SANDBOX_DEFAULT_BASE_URL = LOCAL_SANDBOX_URL;
