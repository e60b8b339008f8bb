"""Reinforcement-learning environments over the decision protocol (docs/rl.md): a PettingZoo AEC
environment (`tmars.rl.env`) and a Gymnasium one for a learner against bots (`tmars.rl.single`).
They need the `rl` extra (pettingzoo, gymnasium, numpy)."""
