"""tmars: a Terraforming Mars rules engine in which every game component is data."""

__version__ = "0.1.0"
