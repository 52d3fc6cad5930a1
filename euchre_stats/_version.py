"""The package version, in a module of its own: any layer may read it without importing the
package's face (which imports the top layer)."""

__version__ = "0.1.0"
