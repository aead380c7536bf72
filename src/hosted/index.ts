/**
 * Hosted fields, merchant-page side: mount card inputs served in iframes from the API origin (PCI DSS SAQ A
 * eligible when the provider hosts the frames). See `mountFields`.
 */
export { mountFields } from './controller/mount';
export type {
  FieldsConfig,
  FieldContainers,
  FieldsOptions,
  FieldsEvents,
  FieldsFieldEvent,
  FieldsState,
  FieldsTokenResult,
  HostedFields,
} from './controller/mount';
export { checkStyle, STYLE_PROPERTIES, SYSTEM_FONTS, STYLE_SELECTORS, type FieldsStyle, type StyleState } from './style';
export type { FontSource, FrameKind, HostedField, HostedFieldState } from './protocol';
