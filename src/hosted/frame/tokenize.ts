import type { CardInput } from '../../card/types';
import type { PayTokenError } from '../../errors/base';
import { configError } from '../../errors/configuration';
import { deviceDataSent } from '../../fraud/device-data';
import { registerEntry } from '../../fraud/entry';
import { deviceSessionId } from '../../fraud/session';
import { fetchIo } from '../../http/pristine';
import { postToken } from '../../http/tokenize';
import type { HostedField, ToFrame } from '../protocol';
import type { FieldHandle, FrameContext } from './context';
import { showFailure } from './failure';
import { reportProblem } from './problem';
import { findSiblings, handlesOnChannel } from './siblings';

/**
 * A field held by two frames on this channel (whatever their settings, this frame's own fields included), or
 * undefined: a page script added a genuine frame for a field already mounted, so the mount must fail loudly
 * rather than read the wrong frame.
 */
export function duplicatedField(frame: FrameContext): HostedField | undefined {
  const seen = new Set<HostedField>(frame.ownFields.map((own) => own.fieldKey));
  for (const handle of handlesOnChannel(frame)) {
    if (seen.has(handle.fieldKey)) return handle.fieldKey;
    seen.add(handle.fieldKey);
  }
  return undefined;
}

/** Every field of the mount this frame can read: its own inputs first, then its siblings'. */
export function readableFields(frame: FrameContext): Map<HostedField, FieldHandle> {
  const fields = new Map<HostedField, FieldHandle>(findSiblings(frame));
  for (const own of frame.ownFields) fields.set(own.fieldKey, own);
  return fields;
}

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
 * (see `duplicatedField`), else reads the mount's fields, `POST /tokens` from this origin, and answers with the
 * token once this frame's device data has reached the API as well (the card entry's summary sent beside the token
 * request, never before it; see `deviceDataSent`): a collection still under way is waited for (it has its own time
 * budget), then its POST for `DEVICE_DATA_WAIT_MS` (1,500 ms) at most, so the charge never races its device data.
 * A failure is answered at once and shown on the fields it concerns.
 *
 * @param frame the frame's context. @param request the page's `tokenize` message.
 * @param collected this frame's device-data collection (`deviceData`), settled once it has ended.
 */
export async function tokenizeInFrame(
  frame: FrameContext,
  request: Extract<ToFrame, { t: 'tokenize' }>,
  collected: Promise<unknown>,
): Promise<void> {
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
    // under a refused merchant id, key, time-out or brands list there is no configuration to send with
    if (!frame.frameTokenConfig) throw frame.configProblem;
    const tokenRequest = postToken(frame.frameTokenConfig, readCard(fields, request), fetchIo(), config.acceptedBrands);
    // the split fields' entry summaries are their frames', read from each sibling when the summary is sent
    for (const [field, sibling] of findSiblings(frame)) registerEntry(field, () => sibling.fieldEntry?.());
    const [{ data: token }] = await Promise.all([tokenRequest, collected.then(() => deviceDataSent())]);
    frame.postToPage({ t: 'token', id: request.id, token, session: deviceSessionId() });
  } catch (error) {
    frame.postToPage({ t: 'fail', id: request.id, fail: showFailure(error as PayTokenError, fields, frame.messageFor) });
  }
}
