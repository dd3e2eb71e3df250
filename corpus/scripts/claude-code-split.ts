/** Which fetched repositories form the validation split of the Claude Code corpus (the rest are train). */

// About 30 % of the repositories and of the messages, holding real positives of every hook where they exist.
// The replay-bench sessions come from these, so the bench measures text the scorers were not trained on.
export const VALIDATION_REPOS: ReadonlySet<string> = new Set(['aryaniyaps/dot-ai', 'fabien-lessirard/dotfiles',
  'Schofield90/atlas-fitness-onboarding', 'borja-rojo-ilvento/dotfiles', 'R3zil/duck_town', 'huzhongyin/ai-dofiles',
  'natori-hrj/dotfiles', 'Quiago/tripolar-chat', 'deder01/config_files', 'gouchan/agent-swarm-config', 'caochitam/aos',
  'sgan0420/blockchain-dex-events', 'LuisUma92/dotfiles', 'Sarthib7/FundWise', 'samar-58/scout', 'chloebrett/slay'])

// Also in the Codex helper's half of the corpus: left out of this half so no repository can land in both splits.
export const SHARED_WITH_CODEX: ReadonlySet<string> = new Set(['Xu-Wentao/dotfile'])
