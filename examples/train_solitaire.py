"""A tiny NumPy policy gradient learns Cribbage Square Solitaire placements from ``pegboard/Solitaire-v0``.

A linear softmax policy over the masked action ids (REINFORCE with a running baseline; the reward is
the deal's points). It does not play like the expert; it shows the environment is usable end to end.

Run: ``python examples/train_solitaire.py [episodes] [plot.png]``; prints the mean score of the first and
last 200 deals and, with the ``plot`` extra, draws the learning curve.
"""

from __future__ import annotations

import sys

import gymnasium
import numpy as np

import pegboard.rl  # noqa: F401  (registers the environments)


def train(episodes: int = 3000, seed: int = 0) -> list[float]:
    env = gymnasium.make("pegboard/Solitaire-v0")
    rng = np.random.default_rng(seed)
    size, actions = env.observation_space["observation"].shape[0], env.action_space.n  # type: ignore[index,attr-defined]
    weights = np.zeros((size, actions))
    baseline, rate, scores = 0.0, 0.3, []
    for episode in range(episodes):
        observation, _ = env.reset(seed=seed * 1_000_000 + episode)
        trajectory, total, done = [], 0.0, False
        while not done:
            features, mask = observation["observation"], observation["action_mask"].astype(bool)
            logits = features @ weights
            logits[~mask] = -np.inf
            chances = np.exp(logits - logits.max())
            chances /= chances.sum()
            action = int(rng.choice(actions, p=chances))
            trajectory.append((features, chances, action))
            observation, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
        advantage = total - baseline
        baseline += 0.02 * (total - baseline)
        for features, chances, action in trajectory:
            grad = -chances
            grad[action] += 1.0
            weights += rate * advantage / 20 * np.outer(features, grad)
        scores.append(total)
    return scores


def main(episodes: int = 3000, plot: str | None = None) -> None:
    scores = train(episodes)
    first, last = np.mean(scores[:200]), np.mean(scores[-200:])
    print(f"{episodes} deals: mean score {first:.2f} over the first 200, {last:.2f} over the last 200")
    if plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        window = 100
        smooth = np.convolve(scores, np.ones(window) / window, mode="valid")
        plt.figure(figsize=(7, 4))
        plt.plot(range(window, len(scores) + 1), smooth)
        plt.xlabel("deal")
        plt.ylabel(f"score, mean of the last {window} deals")
        plt.title("Cribbage Square Solitaire: a linear policy gradient learning")
        plt.tight_layout()
        plt.savefig(plot, dpi=100)
        print(f"learning curve: {plot}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000, sys.argv[2] if len(sys.argv) > 2 else None)
