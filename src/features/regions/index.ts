// The regions feature's public face: the team page's block of its reps' turfs. The route table
// (src/app/routes/routeTable.ts) loads the regions pages from their files so each stays its own chunk.
export { TeamTurfProgress } from './turfs/TeamTurfProgress.tsx';
