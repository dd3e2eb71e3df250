/** hookjudge train: the training tools live in train/, outside the daemon; they are loaded only when this verb runs. */
import type { Command } from './args.js'

export const trainCommand: Command = async (args, io) => (await import('../../train/command.js')).trainCommand(args, io)
