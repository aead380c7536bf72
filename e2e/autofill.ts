import type { BrowserContext, Page } from 'playwright-core';

/** A saved card as Chromium's autofill takes it (DevTools protocol, `Autofill.CreditCard`). */
export interface SavedCard {
  number: string;
  name: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
}

type DomNode = { nodeId: number; backendNodeId: number; frameId?: string; contentDocument?: DomNode; children?: DomNode[] };

/** The node of `id` in a DOM tree read with `pierce` (frames' documents included). */
const nodeById = (node: DomNode, id: number): DomNode | undefined =>
  node.nodeId === id
    ? node
    : [...(node.children ?? []), ...(node.contentDocument ? [node.contentDocument] : [])].reduce<DomNode | undefined>(
        (found, child) => found ?? nodeById(child, id),
        undefined,
      );

/**
 * Starts Chromium's own credit-card autofill in a field, as when the shopper picks a saved card there: the
 * DevTools protocol's `Autofill.trigger` on the field's node, inside the iframe `frame` when given (its document
 * reached through the page's DOM tree, pierced).
 *
 * @param context the page's browser context. @param page the page. @param frame the iframe's selector, or null.
 * @param selector the field's selector (in the frame's document when `frame` is given). @param card the saved card.
 */
export async function triggerAutofill(
  context: BrowserContext,
  page: Page,
  frame: string | null,
  selector: string,
  card: SavedCard,
): Promise<void> {
  const cdp = await context.newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const iframe = frame
      ? nodeById(root, (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: frame })).nodeId)!
      : undefined;
    const documentId = iframe ? iframe.contentDocument!.nodeId : root.nodeId;
    const field = nodeById(root, (await cdp.send('DOM.querySelector', { nodeId: documentId, selector })).nodeId)!;
    await cdp.send('Autofill.trigger' as 'DOM.enable', { fieldId: field.backendNodeId, frameId: iframe?.frameId, card } as never);
  } finally {
    await cdp.detach();
  }
}
