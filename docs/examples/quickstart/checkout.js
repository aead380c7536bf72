// checkout.js: the local sandbox's settings (npm run demo); yours in production
/* global PayToken -- defined by paytoken-hosted.iife.js, loaded before this file */
PayToken.setId('mdemo0merchant0001');
PayToken.setApiKey('pk_demo_public0001'); // the public key: a private sk_ key throws at once
PayToken.setBaseUrl('http://127.0.0.1:4010'); // the API's {base_url}; the frames come from {base_url}/fields/v1

const fields = PayToken.fields.mount(
  { card: '#card' },
  { locale: 'en', style: { base: { fontSize: '16px', color: '#1d2430' }, invalid: { color: '#b42318' } } },
);
// a field's error shows inside the element; show the others (network, settings) on the page
fields.on('error', ({ field, message }) => {
  if (!field) document.getElementById('form-error').textContent = message;
});
