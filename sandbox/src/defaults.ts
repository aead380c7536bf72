import { LOCAL_SANDBOX_URL } from 'paytoken/rules';

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
  /** The merchant the sandbox plays (spec, Merchant object): `--merchant-status deleted` refuses transactions (1008). */
  merchant: {
    name: 'Tienda Demo',
    email: 'pagos@tienda.example',
    phone: '5555555555',
    status: 'active',
    /** A CLABE of the sandbox's issuing bank (646, STP), check digit valid. */
    clabe: '646180000000000012',
  },
  /**
   * The names the spec writes as placeholders (spec, opening: "`<wallet>` stands for the third-party wallet method
   * name, and `<alt>` stands for the convenience-payment network name inside field names"): neutral, fictional ones.
   */
  methods: {
    /** `--store-network`: `<alt>` of the store fields (`cashnet_reference`, `barcode_cashnet_url`, `cashnet_chain`). */
    storeNetwork: 'cashnet',
    /** `--wallet-method`: `<wallet>`, the `method` of a third-party wallet charge. */
    walletMethod: 'wallet',
  },
  /** `--db`: where `npm run sandbox` and the demo keep their data, relative to the working directory (git-ignored). */
  dbFile: '.sandbox/sandbox.db',
  /**
   * `--max-merchants`: most merchants created on demand at once (`POST {base}/sandbox/v1/merchants`; 1003 past it),
   * each a sandbox of its own in memory (a few MB each with its data).
   */
  maxMerchants: 100,
  /** Largest request body in bytes (64 KiB); larger bodies get error 1009 (413). */
  maxBodyBytes: 64 * 1024,
  /**
   * Bounds of the store (docs/sandbox.md, "Bounds"): durable kinds refuse a record past the cap (1003); tokens and
   * device data push out their oldest and expire.
   */
  limits: {
    /** `--max-records`: most records kept per kind (tokens, cards, customers, transactions, device data, ...). */
    maxRecords: 100_000,
    /** `--token-ttl`: seconds a token stays usable and retrievable after its creation (1 h); then it is 1005. */
    tokenTtlSeconds: 3_600,
    /** `--device-data-ttl`: seconds device data is kept after it arrived (1 h); then charges see none. */
    deviceDataTtlSeconds: 3_600,
    /** Most card uses (charges and card creations) remembered for the velocity rules; the oldest go first. */
    maxDeviceUses: 50_000,
  },
  /** Bounds of the HTTP server (Node's `http.Server` settings; docs/security.md). */
  server: {
    /** Whole request (headers and body) must arrive within this many ms, else 408 and the socket closes. */
    requestTimeoutMs: 30_000,
    /** Request headers must arrive within this many ms (slow-headers attacks). */
    headersTimeoutMs: 10_000,
    /** An idle keep-alive connection is closed after this many ms. */
    keepAliveTimeoutMs: 5_000,
    /** Most open connections at once; further ones are closed on arrival. */
    maxConnections: 256,
    /**
     * Most open connections from one client address at once: a further one from that address replaces one of its
     * idle keep-alive connections, or is closed on arrival when all are busy, so one client's slow or trickling
     * sockets cannot use up `maxConnections` for everyone else.
     */
    maxConnectionsPerAddress: 32,
  },
  /** Largest charge `amount` in major units (the spec states none): ten million. */
  maxAmount: 10_000_000,
  /** Anti-fraud rules on charges and card creation (sandbox/src/fraud/fraud.ts; docs/device-data.md, "Anti-fraud rules"). */
  fraud: {
    /** `--velocity-max-cards`: more distinct card numbers than this from one visitor id in the window declines. */
    velocityMaxCards: 3,
    /** `--velocity-window`: the device-velocity window, seconds (24 h). */
    velocityWindowSeconds: 86_400,
    /** `--automation-rule`: `off`, `flag` (allow, name it in `fraud_flags`) or `decline` (3005). */
    automation: 'flag',
    /** `--missing-device-data`: no device data under the `device_session_id`: `off`, `flag` or `decline`. */
    missingDeviceData: 'flag',
    /** `--card-velocity-max-devices`: one card number from more visitor ids than this in the window declines. */
    cardVelocityMaxDevices: 3,
    /** `--ip-velocity-max-cards`: more distinct card numbers than this charged from one IP in the window declines. */
    ipVelocityMaxCards: 20,
    /** `--plausibility-rule`: `platform_mismatch`, `impossible_screen`, `os_mismatch`, `headless_renderer`: `off`, `flag` or `decline`. */
    plausibility: 'flag',
    /** `--consistency-rule`: `worker_mismatch`, `tampered_native`, `permission_mismatch`: `off`, `flag` or `decline`. */
    consistency: 'flag',
    /** `--entry-rule`: `scripted_entry`, `keyless_entry`, `robotic_typing`: `off`, `flag` or `decline`. */
    entry: 'flag',
  },
} as const;

/** `{base_url}` of the sandbox on its default port: the library's `LOCAL_SANDBOX_URL`, `http://127.0.0.1:4010`. */
export const SANDBOX_DEFAULT_BASE_URL = LOCAL_SANDBOX_URL;
