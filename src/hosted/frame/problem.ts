import type { FrameContext } from './context';

/**
 * Tells the merchant page the setting the frame refused (`configProblem`, if any): a `fail` with id 0 carrying the
 * ConfigurationError naming it. The page reports the first one and fails every tokenization with it.
 */
export const reportProblem = (frame: FrameContext): void => {
  const problem = frame.configProblem;
  if (problem)
    frame.postToPage({
      t: 'fail',
      id: 0,
      fail: { type: 'configuration', message: problem.message, code: problem.option, text: problem.message, props: { ...problem } },
    });
};
