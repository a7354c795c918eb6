"""The game's components as JSON data files, one record per component with its provenance.

See :mod:`pavlov_widgets.engine.components` for the schema and the loader.
"""
