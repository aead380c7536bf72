/**
 * WebGL limits, by their numeric GLenum values (WebGL 1.0 spec, section 5.14): MAX_TEXTURE_SIZE,
 * MAX_RENDERBUFFER_SIZE, MAX_VERTEX_UNIFORM_VECTORS.
 */
const PARAMS = [0x0d33, 0x84e8, 0x8dfb];

/**
 * WebGL vendor, renderer and limits: `[vendor, renderer, ...PARAMS]`.
 * Vendor and renderer are the unmasked ones (0x9245, 0x9246) when the `WEBGL_debug_renderer_info` extension is
 * there, else `VENDOR` (0x1f00) and `RENDERER` (0x1f01). The context is not released
 * explicitly (`WEBGL_lose_context` costs 2-3 ms): the canvas is never attached, so the garbage collector frees
 * both, and one context per page load stays far below Chromium's limit of 16 live contexts.
 * The context is 1 x 1 pixels without antialiasing, depth or stencil buffers: none of these values depends on
 * them, and there is less to allocate (creating the context is this collector's main-thread cost, 9-16 ms in a
 * fresh headless page). Undefined (unsupported) without WebGL.
 */
export function webgl(): (string | number)[] | undefined {
  const c = document.createElement('canvas');
  c.width = c.height = 1;
  const gl = c.getContext('webgl', { antialias: false, depth: false, stencil: false });
  if (!gl) return;
  const p = (n: number) => gl.getParameter(n);
  const info = gl.getExtension('WEBGL_debug_renderer_info') ? 0x9245 - 0x1f00 : 0;
  return [p(0x1f00 + info), p(0x1f01 + info), ...PARAMS.map(p)];
}
