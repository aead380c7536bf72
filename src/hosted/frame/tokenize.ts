import type { CardInput } from '../../card/types';
import type { PayTokenError } from '../../errors/base';
import { configError } from '../../errors/configuration';
import { deviceDataSent } from '../../fraud/device-data';
import { registerEntry } from '../../fraud/entry';
import { deviceSessionId } from '../../fraud/session';
import { resolveClientConfig } from '../../http/config';
import { fetchIo } from '../../http/pristine';
import { postToken } from '../../http/tokenize';
import type { HostedField, ToFrame } from '../protocol';
import type { FieldHandle, FrameContext } from './context';
import { reportProblem, showFailure } from './failure';
import { duplicatedField, findSiblings, readableFields } from './siblings';

/** The card as the mount's fields hold it (spec field names), with what the page sent (holder name, address). */
function readCard(fields: Map<HostedField, FieldHandle>, request: Extract<ToFrame, { t: 'tokenize' }>): CardInput {
  const valueOf = (field: HostedField) => fields.get(field)?.fieldValue();
  const expiry = valueOf('expiry');
  const [month, year = ''] = expiry != null ? expiry.split('/') : [valueOf('expiration_month'), valueOf('expiration_year')];
  const card: CardInput = {
    card_number: valueOf('card_number'),
    holder_name: valueOf('holder_name') ?? request.holder_name,
    expiration_month: month,
    expiration_year: year,
    cvv2: valueOf('cvv2'),
  };
  if (request.address) card.address = request.address;
  return card;
}

/**
 * Tokenizes (the frame holding the card number): refuses for good when two frames hold one field of the mount
 * (see `duplicatedField`), else reads the mount's fields, `POST /tokens` from this origin,
 * answers with the token once this frame's device-data POST has completed as well, or `DEVICE_DATA_WAIT_MS`
 * (1,500 ms) after the request at most, so the charge never races its device data; a failure is answered at once
 * and shown on the fields it concerns.
 *
 * @param frame the frame's context. @param request the page's `tokenize` message.
 */
export async function tokenizeInFrame(frame: FrameContext, request: Extract<ToFrame, { t: 'tokenize' }>): Promise<void> {
  const fields = readableFields(frame);
  const config = frame.frameSettings.frameConfig;
  try {
    const duplicate = duplicatedField(frame);
    if (duplicate) {
      // a page script added a frame for a field of this mount: fail now and for good, never read the wrong one
      frame.configProblem = configError(`fields.${duplicate}`, 'two frames hold this field on one mount');
      reportProblem(frame);
      throw frame.configProblem;
    }
    // sent by fetch, not XHR as on merchant pages: the frame's requests are same-origin, no preflight to save
    const tokenRequest = postToken(
      frame.frameTokenConfig ?? resolveClientConfig({ ...config, baseUrl: frame.apiBaseUrl }),
      readCard(fields, request),
      fetchIo(),
      config.acceptedBrands,
    );
    // the split fields' entry summaries are their frames': read from each sibling, sent with this frame's own
    for (const [field, sibling] of findSiblings(frame)) if (sibling.fieldEntry) registerEntry(field, sibling.fieldEntry);
    const [{ data: token }] = await Promise.all([tokenRequest, deviceDataSent()]);
    frame.postToPage({ t: 'token', id: request.id, token, session: deviceSessionId() });
  } catch (error) {
    frame.postToPage({ t: 'fail', id: request.id, fail: showFailure(error as PayTokenError, fields, frame.messageFor) });
  }
}
