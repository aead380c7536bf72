/** Credentials of the cross-engine merchant (sandbox only). */
export const CREDENTIALS = { merchantId: 'mxeng0merchant001', publicKey: 'pk_engines_public', privateKey: 'sk_engines_private' };
