/** The scheduler's job that stamps an invoice (`ref`: the record's id; `data.requestId`: the request it stamps). */
export const STAMP_JOB = 'invoice.stamp';
