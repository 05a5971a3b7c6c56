// @ts-check
/**
 * ESLint rule `sheaf/no-orphaned-doc-comment`: a doc comment (`/** … *\/`) documents the code
 * right after it, so one directly above another doc comment documents nothing (it was left
 * behind when code moved or was squeezed). Merge the two, or move the first to its code. An
 * overview of a file or a section, set apart by a blank line, is not one.
 */

/** @param {string} value a block comment's text, without its `/*` and `*\/` */
const isDoc = (value) => value.startsWith('*') && !value.startsWith('**');

/** @type {import('eslint').Rule.RuleModule} */
const noOrphanedDocComment = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A doc comment must not be followed directly by another doc comment' },
    messages: {
      orphaned: 'This doc comment documents nothing: another doc comment follows it directly.',
    },
    schema: [],
  },
  create(context) {
    const { sourceCode } = context;
    return {
      Program() {
        const comments = sourceCode.getAllComments();
        comments.forEach((comment, i) => {
          const next = comments[i + 1];
          if (comment.type !== 'Block' || next?.type !== 'Block') return;
          if (!isDoc(comment.value) || !isDoc(next.value)) return;
          const between = sourceCode.text.slice(comment.range?.[1], next.range?.[0]);
          // A blank line sets an overview of the file or of a section apart: that one stays.
          if (between.trim() !== '' || between.split('\n').length > 2) return;
          context.report({ loc: comment.loc ?? { line: 1, column: 0 }, messageId: 'orphaned' });
        });
      },
    };
  },
};

export default { rules: { 'no-orphaned-doc-comment': noOrphanedDocComment } };
