/**
 * The boards of /leaderboard, chosen with `?board=`: three of datasets (heat, downloads, average
 * score) and two of users (followers, downloads of their public datasets). No parameter, or one
 * that names no board, shows the first (datasets by heat). See docs/pages.md.
 */
import type {
  DatasetLeaderboard,
  DatasetLeaderboardResponse,
  UserLeaderboard,
  UserLeaderboardResponse,
} from '../contracts/community.ts';
import type { MessageKey } from '../i18n/index.ts';

const BOARD_PARAM = 'board';

export type Board =
  | { id: string; kind: 'datasets'; by: DatasetLeaderboard; label: MessageKey; caption: MessageKey }
  | { id: string; kind: 'users'; by: UserLeaderboard; label: MessageKey; caption: MessageKey };

export const BOARDS = [
  {
    id: 'datasets-heat',
    kind: 'datasets',
    by: 'heat',
    label: 'community:leaderboard.board.datasetsHeat',
    caption: 'community:leaderboard.caption.datasetsHeat',
  },
  {
    id: 'datasets-downloads',
    kind: 'datasets',
    by: 'downloads',
    label: 'community:leaderboard.board.datasetsDownloads',
    caption: 'community:leaderboard.caption.datasetsDownloads',
  },
  {
    id: 'datasets-score',
    kind: 'datasets',
    by: 'score',
    label: 'community:leaderboard.board.datasetsScore',
    caption: 'community:leaderboard.caption.datasetsScore',
  },
  {
    id: 'users-followers',
    kind: 'users',
    by: 'followers',
    label: 'community:leaderboard.board.usersFollowers',
    caption: 'community:leaderboard.caption.usersFollowers',
  },
  {
    id: 'users-downloads',
    kind: 'users',
    by: 'downloads',
    label: 'community:leaderboard.board.usersDownloads',
    caption: 'community:leaderboard.caption.usersDownloads',
  },
] as const satisfies readonly Board[];

const DEFAULT_BOARD: Board = BOARDS[0];

/** The board a `?board=` value names; the default board for none or an unknown one. */
function parseBoard(raw: string | null | undefined): Board {
  return BOARDS.find((b) => b.id === raw) ?? DEFAULT_BOARD;
}

/** The link to a board, in a page's locale (`href` of pageContext); the default has no query. */
export const boardHref = (board: Board, href: (path: string) => string): string =>
  board.id === DEFAULT_BOARD.id
    ? href('/leaderboard')
    : `${href('/leaderboard')}?${BOARD_PARAM}=${board.id}`;

type Sheaf = App.Locals['sheaf'];

/** The board a /leaderboard URL asks for and its entries (the other kind is null). */
export async function readLeaderboard(
  sheaf: Sheaf,
  url: URL,
): Promise<{
  board: Board;
  datasets: DatasetLeaderboardResponse | null;
  users: UserLeaderboardResponse | null;
}> {
  const board = parseBoard(url.searchParams.get(BOARD_PARAM));
  const read = await sheaf.community.leaderboard(
    board.kind === 'datasets' ? { datasets: board.by } : { users: board.by },
  );
  return {
    board,
    datasets: board.kind === 'datasets' ? (read?.datasets ?? null) : null,
    users: board.kind === 'users' ? (read?.users ?? null) : null,
  };
}
