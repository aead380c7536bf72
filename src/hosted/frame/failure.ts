import type { PayTokenError } from '../../errors/base';
import type { ValidationError } from '../../errors/validation';
import { apiErrorField, layoutField, submitErrorCode } from '../../fields/errors';
import type { FailData, HostedField } from '../protocol';
import type { FieldHandle } from './context';

/**
 * Shows a failed tokenization on the fields it concerns and describes it for the merchant page: a local rule
 * (every failing field shows its error), or an API error about one field (2004, 2005, 2006, 2009: that field
 * shows it, see `apiErrorField`). The page rebuilds the typed error from `props`: the error's own properties,
 * never a value the shopper typed (a ValidationError names fields and rules).
 *
 * @param error the failure. @param fields the mount's fields this frame can reach, by field.
 * @param messageFor the shopper's message for a code.
 * @returns the `fail` message's data.
 */
export function showFailure(error: PayTokenError, fields: Map<HostedField, FieldHandle>, messageFor: (code: string) => string): FailData {
  const keys = [...fields.keys()];
  const handleOf = (field: string | undefined) => fields.get(layoutField(field, keys) as HostedField);
  const code = submitErrorCode(error);
  let field: string | undefined;
  if (error.type === 'validation') {
    const validation = error as ValidationError;
    for (const failed of validation.errors) handleOf(failed.field)?.showError();
    field = handleOf(validation.field)?.fieldKey ?? validation.field;
  } else {
    field = apiErrorField(code, keys);
    fields.get(field as HostedField)?.showError(code);
  }
  return {
    type: error.type ?? 'network',
    message: String(error.message),
    code,
    text: messageFor(code),
    field: field as HostedField,
    props: { ...error },
  };
}
